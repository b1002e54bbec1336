import { describe, expect, it } from 'vitest';
import { platformBaseUrl } from './platform-base-url';

describe('platformBaseUrl', () => {
  it('keeps an address on the page origin, and rebases the local server seen from the development server', () => {
    expect(platformBaseUrl('http://localhost:4000/platform', 'http://localhost:4000')).toBe(
      'http://localhost:4000/platform',
    );
    expect(platformBaseUrl('http://localhost:4000/platform/', 'http://localhost:5173')).toBe(
      'http://localhost:5173/platform',
    );
    expect(platformBaseUrl('https://api.example.com/platform', 'http://localhost:5173')).toBe(
      'https://api.example.com/platform',
    );
  });

  it('calls a connected marketplace where it runs, even on another port of this machine', () => {
    expect(platformBaseUrl('http://127.0.0.1:4100/platform', 'http://localhost:4000', 'Connected')).toBe(
      'http://127.0.0.1:4100/platform',
    );
  });
});
