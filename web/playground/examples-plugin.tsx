import { Button, useGraphiQL, useGraphiQLActions, type GraphiQLPlugin } from '@graphiql/react';
import { exampleQueries } from '../examples/example-queries';

function ExamplesIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M5 4h11l3 3v13H5z" />
      <path d="M8 10h8M8 14h8M8 18h5" />
    </svg>
  );
}

function ExamplesPicker() {
  const { addTab } = useGraphiQLActions();
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const openExample = (query: string) => {
    // A new tab keeps whatever the user was editing; the editor's change then flows into the tab.
    addTab();
    queryEditor?.setValue(query);
  };
  return (
    <section className="examples-picker" aria-label="Example queries">
      <h2>Example queries</h2>
      {exampleQueries.map((example) => (
        <Button key={example.name} data-example={example.name} onClick={() => openExample(example.query)}>
          {example.title}
          <span className="example-name">{example.name}</span>
        </Button>
      ))}
    </section>
  );
}

/** A sidebar panel listing the examples of `web/examples/`, each opening in a new tab. */
export const examplesPlugin: GraphiQLPlugin = {
  title: 'Example queries',
  icon: ExamplesIcon,
  content: ExamplesPicker,
};
