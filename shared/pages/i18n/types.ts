/**
 * The words of every page a payer sees (Checkout page and its 3DS step, the S2S 3DS / redirect page, the APM method
 * page, the hosted-fields iframes), one JSON file per language beside this one (read by ../page-text.ts). {name}
 * placeholders are filled by fill().
 */
export interface PageText {
  title: string;
  payAmount: string;
  orderLabel: string;
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  cvv: string;
  cvvHint: string;
  holder: string;
  terms: string;
  cancel: string;
  secure: string;
  processing: string;
  required: string;
  badCard: string;
  badExpiry: string;
  cardExpired: string;
  badCvv: string;
  badHolder: string;
  termsRequired: string;
  fixErrors: string;
  linkExpired: string;
  linkUsed: string;
  linkNotFound: string;
  paid: string;
  declined: string;
  notCompleted: string;
  redirecting: string;
  continue: string;
  backToStore: string;
  threeDsTitle: string;
  threeDsText: string;
  threeDsConfirm: string;
  threeDsSandbox: string;
  busy: string;
  failed: string;
  chooseCard: string;
  savedCards: string;
  newCard: string;
  cardExpires: string;
  payeeCardNumber: string;
  yourCard: string;
  payoutTo: string;
  payoutHint: string;
  receiveAmount: string;
  paymentMethod: string;
  methodCard: string;
  identifier: string;
  badIdentifier: string;
  methodStepTitle: string;
  methodStepText: string;
  authPageTitle: string;
  confirmPageTitle: string;
  authenticate: string;
  confirm: string;
  cardLabel: string;
  returningTitle: string;
  authFinished: string;
  notFoundTitle: string;
  authPageNotFound: string;
  methodPageNotFound: string;
  processedTitle: string;
  closeWindow: string;
  methodPageTitle: string;
  withMethod: string;
  payButton: string;
  cancelButton: string;
  /** Beside a field the payer may leave empty (an alternative method's optional identifier). */
  optional: string;
  /** Labels of the parameters an alternative method may ask for on the Checkout page (APM_FIELD_LABELS). */
  fieldPin: string;
  fieldDocumentNumber: string;
  fieldDocumentType: string;
  fieldPersonalId: string;
  fieldToCurrency: string;
  fieldUpiId: string;
  fieldUpiAddress: string;
  fieldSecurityAnswer: string;
  fieldCuil: string;
  fieldCurp: string;
}

/**
 * The label of each parameter a Checkout-page method may ask the payer for (apm/page-fields.ts), by its protocol
 * name; a test checks every such parameter of every descriptor offered on the page has one.
 */
export const APM_FIELD_LABELS: Readonly<Record<string, keyof PageText>> = {
  pin: 'fieldPin',
  document_number: 'fieldDocumentNumber',
  document_type: 'fieldDocumentType',
  personalId: 'fieldPersonalId',
  personal_id: 'fieldPersonalId',
  toCurrency: 'fieldToCurrency',
  upi_id: 'fieldUpiId',
  upiAddress: 'fieldUpiAddress',
  SecurityQuestionAnswer: 'fieldSecurityAnswer',
  bank_cuil: 'fieldCuil',
  bank_curp: 'fieldCurp',
};

/** The Luhn failure text is the platform's own (protocol.md §8); English keeps it word for word. */
export const BAD_CARD = 'Bad Request. Brand of card does not support.';
