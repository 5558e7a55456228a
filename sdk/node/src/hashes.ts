/**
 * Every protocol formula, for merchants who sign something the client does not send for them: the ones of
 * @open-payments/protocol, which the platform itself computes with.
 */
export {
  formula1,
  formula1Token,
  formula2,
  formula3,
  formula4,
  formula5,
  formula5Token,
  formula6,
  formula7,
  formula8,
  apmSaleHash,
  apmCreditvoidHash,
  apmTransIdHash,
  apmCredit2VirtualHash,
  apmCredit2VirtualCallbackHash,
  apmCryptoSaleCallbackHash,
  apmCallbackHash,
  checkoutHash,
  hashEquals,
  hashMatches,
  strrev,
  strtoupper,
  card6_4,
  type HashAlgorithm,
} from '@open-payments/protocol';
