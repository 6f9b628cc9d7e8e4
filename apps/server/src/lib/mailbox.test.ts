import { describe, expect, it } from 'vitest';
import { clientNetwork, normaliseMailbox } from './mailbox.ts';

describe('normaliseMailbox', () => {
  it.each([
    ['Name@Example.com', 'name@example.com'],
    ['name+1@example.com', 'name@example.com'],
    ['name+shop+2@example.com', 'name@example.com'],
    ['n.a.m.e@example.com', 'n.a.m.e@example.com'],
    ['J.Doe+2@GoogleMail.com', 'jdoe@gmail.com'],
    ['j.d.o.e@gmail.com', 'jdoe@gmail.com'],
    [' jdoe@gmail.com ', 'jdoe@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
  ])('%s → %s', (email, mailbox) => expect(normaliseMailbox(email)).toBe(mailbox));
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, network) => expect(clientNetwork(ip)).toBe(network));
});
