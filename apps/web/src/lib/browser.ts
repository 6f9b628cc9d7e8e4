/** Sends the browser to another site (the payment provider); a seam tests replace. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
