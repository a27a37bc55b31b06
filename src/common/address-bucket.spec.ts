import { addressBucket } from './address-bucket.js';

describe('addressBucket', () => {
  it('counts an IPv4 address as itself', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('192.0.2.2')).not.toBe(addressBucket('192.0.2.1'));
  });

  it('counts every IPv6 address of one /64 as that /64, however it is written', () => {
    const bucket = addressBucket('2001:db8:1:2::1');
    expect(bucket).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:7',
      '2001:0db8:0001:0002::abcd',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(addressBucket(same)).toBe(bucket);
    }
  });

  it('tells two /64s apart', () => {
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
    expect(addressBucket('2001:db8:1:2::1')).not.toBe(addressBucket('2002:db8:1:2::1'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('::FFFF:c000:0201')).toBe('192.0.2.1');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(addressBucket('not an address')).toBe('not an address');
    expect(addressBucket(undefined)).toBe('');
  });
});
