import { emailSchema, hashPassword, passwordSchema, verifyDummy, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with Argon2id at OWASP’s parameters (m=19456 KiB, t=2, p=1), salted, and verifies', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(first, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
    expect(await verifyDummy('correct horse battery')).toBe(false);
  });

  it('passwords are 10 to 200 characters; emails are trimmed and lowercased', () => {
    expect(passwordSchema.safeParse('123456789').success).toBe(false);
    expect(passwordSchema.safeParse('1234567890').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of ['ada', 'ada@', '@example.com', `${'a'.repeat(250)}@example.com`])
      expect(emailSchema.safeParse(bad).success).toBe(false);
  });
});
