import { BigIntType } from '@mikro-orm/core';

/** Paise in a `bigint` column, read as a number (amounts stay far below 2^53). */
export const paise = () => new BigIntType('number');
