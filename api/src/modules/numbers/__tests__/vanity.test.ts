import { VANITY_LEVELS } from '@join/shared/contract';
import { classifyMsisdn, classifySubscriberDigits, countPairs, longestRepeat, longestStepRun } from '../seed/vanity';

describe('vanity classifier', () => {
  it.each([
    // red: runs of five climbing or falling, period 2 or 3, palindromes
    ['1234567', VANITY_LEVELS.red],
    ['9123450', VANITY_LEVELS.red],
    ['0987654', VANITY_LEVELS.red],
    ['2076543', VANITY_LEVELS.red],
    ['1212121', VANITY_LEVELS.red],
    ['1231231', VANITY_LEVELS.red],
    ['1234321', VANITY_LEVELS.red],
    ['3829283', VANITY_LEVELS.red],
    ['7777777', VANITY_LEVELS.red],
    // diamond: five (or six) identical in a row
    ['1999990', VANITY_LEVELS.diamond],
    ['5555550', VANITY_LEVELS.diamond],
    ['0388888', VANITY_LEVELS.diamond],
    // gold: four in a row
    ['1444420', VANITY_LEVELS.gold],
    ['0000172', VANITY_LEVELS.gold],
    // bronze: three in a row
    ['1777203', VANITY_LEVELS.bronze],
    ['2055567', VANITY_LEVELS.bronze],
    // basic plus: two separate pairs
    ['1123345', VANITY_LEVELS.basicPlus],
    ['5016677', VANITY_LEVELS.basicPlus],
    // basic
    ['1203948', VANITY_LEVELS.basic],
    ['1123470', VANITY_LEVELS.basic], // one pair and a run of four only
    ['9382716', VANITY_LEVELS.basic],
  ])('%s is level %i', (digits, level) => {
    expect(classifySubscriberDigits(digits)).toBe(level);
  });

  it('checks the rarest tier first', () => {
    // Five identical digits inside a palindrome is red, not diamond.
    expect(classifySubscriberDigits('1222221')).toBe(VANITY_LEVELS.red);
    // A climbing run of four is not red.
    expect(classifySubscriberDigits('1234099')).toBe(VANITY_LEVELS.basic);
  });

  it('classifies a full MSISDN by its last seven digits', () => {
    expect(classifyMsisdn('971581234567')).toBe(VANITY_LEVELS.red);
    expect(classifyMsisdn('971580203948')).toBe(VANITY_LEVELS.basic);
  });

  it('refuses anything that is not seven digits or a 97158 number', () => {
    expect(() => classifySubscriberDigits('123456')).toThrow(RangeError);
    expect(() => classifySubscriberDigits('12345a7')).toThrow(RangeError);
    expect(() => classifyMsisdn('971501234567')).toThrow(RangeError);
  });

  it('measures runs and pairs', () => {
    expect(longestRepeat('1222334')).toBe(3);
    expect(longestStepRun('9876501')).toBe(5);
    expect(countPairs('1122334')).toBe(3);
    expect(countPairs('1112233')).toBe(2);
  });
});
