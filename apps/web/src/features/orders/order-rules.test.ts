import {
  defaultOrderTitle,
  displayStatus,
  isActiveStatus,
  parseRecordCount,
  resolveOrderTitle,
  statusTone,
} from './order-rules.ts';

describe('parseRecordCount', () => {
  it.each([
    ['250', 250],
    [' 1000 ', 1000],
    ['1', 1],
    ['0', null],
    ['-20', null],
    ['5000', null],
    ['10000000', null],
    ['', null],
    ['abc', null],
    ['12.7', null],
  ])('%j reads as %j (nothing is clamped)', (raw, expected) => {
    expect(parseRecordCount(raw)).toBe(expected);
  });
});

describe('order title', () => {
  it('falls back to "Search YYYY-MM-DD HH:mm" in local time', () => {
    const now = new Date(2026, 0, 5, 9, 7, 59);
    expect(defaultOrderTitle(now)).toBe('Search 2026-01-05 09:07');
    expect(resolveOrderTitle('   ', now)).toBe('Search 2026-01-05 09:07');
    expect(resolveOrderTitle('  My Awesome Search ', now)).toBe('My Awesome Search');
  });
});

describe('status display', () => {
  it.each([
    ['completed', 'success'],
    ['processing', 'warning'],
    ['in_progress', 'warning'],
    ['failed', 'danger'],
    ['error', 'danger'],
    ['pending', 'neutral'],
    ['something-else', 'neutral'],
    [null, 'neutral'],
  ] as const)('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('treats an unset status as pending and pending/processing as active', () => {
    expect(displayStatus(undefined)).toBe('pending');
    expect(displayStatus('')).toBe('pending');
    expect(isActiveStatus(undefined)).toBe(true);
    expect(isActiveStatus('processing')).toBe(true);
    expect(isActiveStatus('in_progress')).toBe(true);
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('failed')).toBe(false);
  });
});
