// The one reading of `type` (src/type-names.ts) that convert, the sentence checker and lint share.
import { describe, expect, it } from 'vitest';
import { admittedTypes, typeNames } from '../../src/type-names.js';

describe('typeNames', () => {
  it('reads one name as a list and a list of names as it is', () => {
    expect(typeNames('string')).toEqual(['string']);
    expect(typeNames(['string', 'null'])).toEqual(['string', 'null']);
    expect(typeNames([])).toEqual([]);
  });

  it('reads nothing from an absent type or one that holds anything but names', () => {
    expect(typeNames(undefined)).toBeUndefined();
    expect(typeNames(5)).toBeUndefined();
    expect(typeNames(['string', 5])).toBeUndefined();
    expect(typeNames({ type: 'string' })).toBeUndefined();
  });
});

describe('admittedTypes', () => {
  it('adds null for OpenAPI nullable: true, as Ajv (the judge) reads it, and only once', () => {
    expect(admittedTypes({ type: 'string', nullable: true })).toEqual(['string', 'null']);
    expect(admittedTypes({ type: ['string', 'null'], nullable: true })).toEqual(['string', 'null']);
    expect(admittedTypes({ type: 'string', nullable: false })).toEqual(['string']);
  });

  it('admits nothing it can name where the node names no type, nullable or not', () => {
    expect(admittedTypes({ nullable: true })).toBeUndefined();
    expect(admittedTypes({ enum: [1] })).toBeUndefined();
  });

  it('leaves the node as it was', () => {
    const node = { type: ['string'], nullable: true };
    admittedTypes(node);
    expect(node).toEqual({ type: ['string'], nullable: true });
  });
});
