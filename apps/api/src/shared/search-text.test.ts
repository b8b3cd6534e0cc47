import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchTerms } from './search-text';

describe('normalizeSearchText', () => {
  it('ignores Arabic diacritics and tatweel', () => {
    expect(normalizeSearchText('تَمْرٌ')).toBe(normalizeSearchText('تمر'));
    expect(normalizeSearchText('حـلـوى')).toBe(normalizeSearchText('حلوى'));
  });

  it('folds alef, hamza, ta-marbuta and alef-maqsura variants', () => {
    expect(normalizeSearchText('أحمد')).toBe('احمد');
    expect(normalizeSearchText('إبريق')).toBe('ابريق');
    expect(normalizeSearchText('آلة')).toBe('اله');
    expect(normalizeSearchText('حلوى')).toBe('حلوي');
    expect(normalizeSearchText('عُمانية')).toBe('عمانيه');
    expect(normalizeSearchText('مؤسسة')).toBe(normalizeSearchText('موسسه'));
    expect(normalizeSearchText('شاطئ')).toBe('شاطي');
  });

  it('lower-cases Latin text, keeps digits, and splits on punctuation', () => {
    expect(normalizeSearchText('  Frankincense—Hojari, 250g ')).toBe('frankincense hojari 250g');
    expect(normalizeSearchText('٢٥٠ غرام')).toBe('250 غرام');
  });
});

describe('searchTerms', () => {
  it('splits into at most max words', () => {
    expect(searchTerms('a b c d', 3)).toEqual(['a', 'b', 'c']);
    expect(searchTerms('  ،،  ')).toEqual([]);
  });
});
