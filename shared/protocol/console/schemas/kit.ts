/**
 * The pieces the console's answer schemas are made of. Classic zod: these schemas are read by scripts/openapi (JSON
 * Schema) and by the type checker (z.output), never parsed at run time, so no function bundle carries them.
 */
import { z } from 'zod';

export const str = z.string();
export const bool = z.boolean();
/** A whole number (scripts/openapi leaves out the safe-integer bounds z.int() adds). */
export const int = z.int();
/** An ISO 8601 date-time. */
export const time = z.string().meta({ format: 'date-time' });
/** An amount in major units, as the protocol writes it ("10.00"). */
export const amount = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .meta({ description: 'Major units, as the protocol writes them ("10.00").' });
/** Books are kept in minor units. */
export const minor = z.int().meta({ description: 'Minor units of the currency (cents, whole yen, fils).' });
export const cursor = z.string().meta({ description: 'Pass back as ?cursor= for the next page; absent on the last page.' }).optional();

/** Who a console user is: operator (every merchant), merchant-admin (its merchant), merchant-viewer (read only). */
export const ConsoleRoleName = z.enum(['operator', 'merchant-admin', 'merchant-viewer']);
