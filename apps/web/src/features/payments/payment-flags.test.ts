import { hasPaymentFlag, setPaymentFlag } from './payment-flags.ts';

beforeEach(() => window.sessionStorage.clear());

it('keeps one captured and one cancelled flag per payment id in sessionStorage', () => {
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(false);
  setPaymentFlag('captured', 'ORDER-1');
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(true);
  expect(hasPaymentFlag('cancelled', 'ORDER-1')).toBe(false);
  expect(hasPaymentFlag('captured', 'ORDER-2')).toBe(false);
  setPaymentFlag('cancelled', 'ORDER-2');
  expect(hasPaymentFlag('cancelled', 'ORDER-2')).toBe(true);
  expect(window.sessionStorage.length).toBe(2);
  expect(window.localStorage.length).toBe(0);
});

it('treats unusable storage as "not flagged" and never throws', () => {
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('denied');
  });
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('denied');
  });
  expect(() => setPaymentFlag('captured', 'ORDER-1')).not.toThrow();
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(false);
});
