export default function Index() {
  return <h1 className="p-8 text-3xl font-bold">Lectern</h1>
}
