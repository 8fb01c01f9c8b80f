/** `--where`'s parser (cli/where.ts): the tree it builds, and each fault at its column. */
import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../server/src/cli/where';
import { UsageError } from '../../server/src/cli/io';

const fault = (source: string): string => {
  try {
    parseWhere(source);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`'${source}' parsed`);
};

describe('parseWhere', () => {
  it('reads a comparison of a field and a number, either way round', () => {
    expect(parseWhere('er>=9')).toEqual({ op: 'compare', cmp: '>=', left: { field: 'er' }, right: { number: 9 } });
    expect(parseWhere(' 7.5 <  ep ')).toEqual({ op: 'compare', cmp: '<', left: { number: 7.5 }, right: { field: 'ep' } });
    expect(parseWhere('er == ed')).toEqual({ op: 'compare', cmp: '==', left: { field: 'er' }, right: { field: 'ed' } });
  });

  it('binds not tighter than and, and tighter than or; parentheses group', () => {
    const ge9 = { op: 'compare', cmp: '>=', left: { field: 'er' }, right: { number: 9 } };
    const clues = { op: 'compare', cmp: '<', left: { field: 'clues' }, right: { number: 22 } };
    const nishio = { op: 'uses', techniques: ['Nishio Forcing Chains'] };
    expect(parseWhere('er>=9 or clues<22 and not uses("Nishio Forcing Chains")')).toEqual({
      op: 'or',
      left: ge9,
      right: { op: 'and', left: clues, right: { op: 'not', arg: nishio } },
    });
    expect(parseWhere("(er>=9 or clues<22) and uses('Nishio Forcing Chains')")).toEqual({
      op: 'and',
      left: { op: 'or', left: ge9, right: clues },
      right: nishio,
    });
  });

  it('takes hardest() with a technique name as the SE path prints it', () => {
    expect(parseWhere('hardest("XY-Wing")')).toEqual({ op: 'hardest', techniques: ['XY-Wing'] });
    expect(parseWhere('uses("Unique Loop 8 type 3")')).toEqual({ op: 'uses', techniques: ['Unique Loop 8 type 3'] });
    expect(parseWhere('uses("Dynamic Cell Forcing Chains (+ Forcing Chains)")')).toEqual({
      op: 'uses',
      techniques: ['Dynamic Cell Forcing Chains (+ Forcing Chains)'],
    });
  });

  it('takes the first words of step names for all of them, in any case, and a full name for itself alone', () => {
    expect(parseWhere('uses("Nishio")')).toEqual({ op: 'uses', techniques: ['Nishio Forcing Chains'] });
    expect(parseWhere('hardest("unique rectangle")')).toEqual({
      op: 'hardest',
      techniques: ['Unique Rectangle type 1', 'Unique Rectangle type 2', 'Unique Rectangle type 3', 'Unique Rectangle type 4'],
    });
    // A full step name is not also a prefix of its nested kinds.
    expect(parseWhere('uses("dynamic cell forcing chains")')).toEqual({ op: 'uses', techniques: ['Dynamic Cell Forcing Chains'] });
    expect(parseWhere('uses("Forcing Chain")')).toEqual({ op: 'uses', techniques: ['Forcing Chain'] });
  });

  it('says at which column an operand is missing', () => {
    expect(fault('er >= ')).toBe("--where: at column 7: expected a number or a field after '>=', not the end");
    expect(fault('er>= and w<3')).toBe("--where: at column 6: expected a number or a field after '>=', not 'and'");
  });

  it('names an unknown field and lists the fields', () => {
    expect(fault('er>=9 and wx<3')).toBe('--where: at column 11: unknown field \'wx\'; fields: er ep ed w gw b te backdoor bliss clues solutions');
  });

  it('names an unknown technique and lists the valid ones', () => {
    const message = fault('uses("Nishi")');
    expect(message).toMatch(/^--where: at column 6: unknown technique 'Nishi'; SE's techniques, as its path names them \(or their first words\): Hidden Single, /);
    expect(message).toContain('Nishio Forcing Chains');
    expect(message).toContain('XY-Wing');
  });

  it('points at an unclosed parenthesis, a stray token, a lone = and C operators', () => {
    expect(fault('(er>=9')).toBe("--where: at column 7: expected ')' to close the '(' at column 1, not the end");
    expect(fault('er>=9 w<3')).toBe("--where: at column 7: expected 'and', 'or' or the end, not 'w'");
    expect(fault('er=9')).toBe("--where: at column 3: unexpected '=' (equality is '==')");
    expect(fault('er>=9 && w<3')).toBe("--where: at column 7: unexpected '&' (use 'and', 'or', 'not')");
    expect(fault('er')).toBe("--where: at column 3: expected a comparison (< <= > >= == !=) after 'er', not the end");
    expect(fault('uses(Nishio)')).toMatch(/^--where: at column 6: expected a technique name in quotes after 'uses\(', not 'Nishio'/);
    expect(fault('uses("XY-Wing"')).toBe("--where: at column 15: expected ')' after the technique name, not the end");
    expect(fault('uses("XY-Wing)')).toBe('--where: at column 6: the string is not closed (a " is missing)');
  });

  it('refuses an empty expression and a comparison of two numbers', () => {
    expect(fault('  ')).toBe('--where: at column 1: the expression is empty');
    expect(fault('er>=9 or 3<4')).toBe('--where: at column 10: this compares two numbers: one side must be a field');
  });
});
