export function App() {
  return <div className="p-6">Atelier</div>;
}
