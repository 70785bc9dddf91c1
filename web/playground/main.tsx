import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import type { Fetcher } from '@graphiql/toolkit';
import { GraphiQL, HISTORY_PLUGIN } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { postGraphQL } from '../api';
import { showDataCredits } from '../data-credits';
import { exampleQueries } from '../examples/example-queries';
import { examplesPlugin } from './examples-plugin';

/** GraphiQL hands over the Headers tab as parsed JSON; only string values are headers. */
function headerStrings(headers: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const container = document.getElementById('playground');
if (!container) throw new Error('the playground page has no #playground element');

createRoot(container).render(
  <StrictMode>
    <GraphiQL
      // The server's errors are GraphQL errors as JSON; GraphiQL reads only their message and extensions.
      // The Headers tab's headers go along (an editor's `Authorization: Bearer`); they are not
      // kept in the browser's storage (GraphiQL's shouldPersistHeaders stays off).
      fetcher={(request, options) => postGraphQL(request, headerStrings(options?.headers)) as ReturnType<Fetcher>}
      isHeadersEditorEnabled
      // A first visit opens every example as a tab; later visits restore the user's own tabs,
      // and the picker re-opens any example.
      defaultTabs={exampleQueries.map(({ query }) => ({ query }))}
      plugins={[examplesPlugin, HISTORY_PLUGIN]}
      visiblePlugin="Documentation Explorer"
    />
  </StrictMode>,
);

const credits = document.getElementById('data-credits');
if (credits) showDataCredits(credits).catch((error: Error) => (credits.textContent = `Could not list the data's sources: ${error.message}`));
