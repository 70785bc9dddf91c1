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

const container = document.getElementById('playground');
if (!container) throw new Error('the playground page has no #playground element');

createRoot(container).render(
  <StrictMode>
    <GraphiQL
      // The server's errors are GraphQL errors as JSON; GraphiQL reads only their message and extensions.
      fetcher={(request) => postGraphQL(request) as ReturnType<Fetcher>}
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
