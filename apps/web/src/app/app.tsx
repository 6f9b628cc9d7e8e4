export function App() {
  return (
    <main>
      <h1>Unlock Reddit Data at Scale</h1>
    </main>
  );
}
