/** Validation messages under an input; the input points at the list with aria-describedby. */
export function FieldMessages({ id, messages }: { id: string; messages?: readonly string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-danger-dark">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
