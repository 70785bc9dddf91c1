import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL, HISTORY_PLUGIN } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { postGraphQL } from '../api';
import { exampleQueries } from '../examples/example-queries';
import { examplesPlugin } from './examples-plugin';

const container = document.getElementById('playground');
if (!container) throw new Error('the playground page has no #playground element');

createRoot(container).render(
  <StrictMode>
    <GraphiQL
      fetcher={(request) => postGraphQL(request)}
      // A first visit opens every example as a tab; later visits restore the user's own tabs,
      // and the picker re-opens any example.
      defaultTabs={exampleQueries.map(({ query }) => ({ query }))}
      plugins={[examplesPlugin, HISTORY_PLUGIN]}
      visiblePlugin="Documentation Explorer"
    />
  </StrictMode>,
);
