/**
 * application/x-www-form-urlencoded with PHP bracket notation, as the S2S endpoints read it and as callbacks arrive
 * (`parameters[cart][items][0][name]=…`, `custom_data[key]=…`): @open-payments/protocol's codec, the platform's own.
 */
import type { FormInput, FormObject } from '@open-payments/protocol';

export { encodeForm, parseForm } from '@open-payments/protocol';
export type { FormValue as ParsedValue } from '@open-payments/protocol';

/** A value to send: text, a number or boolean (sent as its text), or a nested group; undefined is left out. */
export type FormValue = FormInput;
export type FormFields = Record<string, FormInput>;
/** A parsed body: text values, nested groups as objects (keys 0..n-1 as arrays). */
export type ParsedForm = FormObject;
