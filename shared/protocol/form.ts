/**
 * application/x-www-form-urlencoded bodies with PHP bracket notation (`parameters[cart][items][0][name]`): the codec
 * of @open-payments/protocol (sdk/protocol), so the platform reads requests exactly as the SDKs write them and
 * writes callbacks exactly as the SDKs read them. Parsing never throws and caps nesting and key count.
 */
export {
  encodeForm,
  getString,
  MAX_DEPTH,
  MAX_KEYS,
  parseForm,
  type FormInput,
  type FormObject,
  type FormValue,
} from '@open-payments/protocol';
