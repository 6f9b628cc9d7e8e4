/** The two social sign-in buttons of docs/product.md §2.7: shown, but permanently disabled. */
export function SocialButtons() {
  const providers = ['Google', 'Facebook'];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          disabled
          title="Not available yet"
          className="inline-flex min-h-10 cursor-not-allowed items-center justify-center rounded-md border border-gray-300 bg-gray-50 px-4 text-sm font-medium text-text-secondary"
        >
          Continue with {provider}
        </button>
      ))}
    </div>
  );
}
