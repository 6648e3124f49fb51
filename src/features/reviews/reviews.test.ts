import { describe, expect, it } from 'vitest';
import { reviewerName } from './reviews';

describe('the name a review is shown under', () => {
  it('is the first name and the surname initial by default, the initials, or nothing', () => {
    expect(reviewerName('first-name-initial', 'Mei', 'lin')).toBe('Mei L.');
    expect(reviewerName('initials', ' mei ', 'Lin')).toBe('M. L.');
    expect(reviewerName('verified-only', 'Mei', 'Lin')).toBe('');
  });

  it('never gives a surname that is one character of a script without case, which would be the whole surname', () => {
    expect(reviewerName('first-name-initial', '美玲', '李')).toBe('美玲');
    expect(reviewerName('initials', '美玲', '李')).toBe('美.');
  });

  it('is empty for an account without a first name (an erased one)', () => {
    expect(reviewerName('first-name-initial', '', '')).toBe('');
    expect(reviewerName('initials', ' ', 'Lin')).toBe('');
  });
});
