/** What an import reports while it runs. */
export interface ImportProgress {
  /** A phase starts ("validating", "resolving", "writing"). */
  phase(name: string): void;
  /** Rows written so far out of the total of the write phase. */
  advance(done: number, total: number, detail: string): void;
  done(): void;
}

export const silentProgress: ImportProgress = { phase() {}, advance() {}, done() {} };

/**
 * A bar redrawn in place on a terminal; elsewhere (CI logs, pipes) one plain line per phase and
 * per tenth of the rows, so logs stay short and readable.
 */
export function streamProgress(stream: NodeJS.WriteStream): ImportProgress {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (stream.isTTY) {
    const width = 30;
    let drawn = false;
    return {
      phase(name) {
        if (drawn) stream.write('\n');
        drawn = false;
        stream.write(`${name}...\n`);
      },
      advance(done, total, detail) {
        const filled = total === 0 ? width : Math.round((done / total) * width);
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total} ${detail.padEnd(14)} ${seconds()} s`);
        drawn = true;
      },
      done() {
        if (drawn) stream.write('\n');
        drawn = false;
      },
    };
  }
  let lastTenth = -1;
  return {
    phase(name) {
      stream.write(`[${seconds()} s] ${name}\n`);
      lastTenth = -1;
    },
    advance(done, total, detail) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`[${seconds()} s] written ${done}/${total} rows (${detail})\n`);
    },
    done() {},
  };
}
