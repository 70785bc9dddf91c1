import path from 'node:path';

/**
 * The real data sets beside the checkout (../shared/data). They are part of the test environment:
 * when they are missing the real-data suites fail, they do not skip.
 */
export const REAL_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data');
