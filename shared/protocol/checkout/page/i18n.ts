/**
 * The hosted page's words. billing_address.language picks the language (spec's list, case-insensitive, not
 * validated); codes without a translation here, and unknown codes, fall back to English.
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
}

/** The Luhn failure text is the platform's own (protocol.md §8); it stays in English everywhere. */
export const BAD_CARD = 'Bad Request. Brand of card does not support.';

const en: PageText = {
  title: 'Secure payment',
  payAmount: 'Pay {amount}',
  orderLabel: 'Order {number}',
  cardNumber: 'Card number',
  expiry: 'Expiry date',
  expiryHint: 'MM/YY',
  cvv: 'Security code',
  cvvHint: '3 or 4 digits',
  holder: 'Cardholder name',
  terms: 'I agree to the Terms and Conditions',
  cancel: 'Cancel and return to the store',
  secure: 'Your card details are encrypted and sent directly to the payment platform.',
  processing: 'Processing…',
  required: 'This field is required.',
  badCard: BAD_CARD,
  badExpiry: 'Enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  badCvv: 'Enter the 3 or 4 digit security code.',
  badHolder: 'Enter the name as it appears on the card.',
  termsRequired: 'Please accept the Terms and Conditions.',
  fixErrors: 'Please correct the highlighted fields.',
  linkExpired: 'This payment link has expired.',
  linkUsed: 'This payment link is no longer valid.',
  linkNotFound: 'This payment link does not exist.',
  paid: 'Payment successful',
  declined: 'Payment declined',
  notCompleted: 'Payment not completed',
  redirecting: 'Returning you to the store…',
  continue: 'Continue',
  backToStore: 'Return to the store',
  threeDsTitle: 'Confirm it’s you',
  threeDsText: 'Your bank asks you to confirm the payment of {amount} to {merchant}.',
  threeDsConfirm: 'Confirm payment',
  threeDsSandbox: 'Sandbox 3-D Secure: no code is needed.',
  busy: 'This payment is already being processed.',
  failed: 'Something went wrong on our side. Your card was not charged by this attempt; please try again later.',
  chooseCard: 'Choose a card.',
  savedCards: 'Saved cards',
  newCard: 'Use a new card',
  cardExpires: 'expires {expiry}',
  payeeCardNumber: "Recipient's card number",
  yourCard: 'Your card',
  payoutTo: 'Payout to',
  payoutHint: 'Enter the expiry date of this card to receive the payout.',
  receiveAmount: 'Receive {amount}',
  paymentMethod: 'Payment method',
  methodCard: 'Card',
  identifier: 'Account e-mail',
  badIdentifier: 'Enter the e-mail of your account.',
  methodStepTitle: 'Continue with {method}',
  methodStepText: '{method} asks you to approve the payment of {amount} to {merchant}.',
};

const de: PageText = {
  title: 'Sichere Zahlung',
  payAmount: '{amount} bezahlen',
  orderLabel: 'Bestellung {number}',
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum',
  expiryHint: 'MM/JJ',
  cvv: 'Sicherheitscode',
  cvvHint: '3 oder 4 Ziffern',
  holder: 'Name des Karteninhabers',
  terms: 'Ich stimme den Allgemeinen Geschäftsbedingungen zu',
  cancel: 'Abbrechen und zum Shop zurückkehren',
  secure: 'Ihre Kartendaten werden verschlüsselt direkt an die Zahlungsplattform gesendet.',
  processing: 'Wird verarbeitet…',
  required: 'Dieses Feld ist erforderlich.',
  badCard: 'Ungültige Kartennummer. Diese Kartenmarke wird nicht unterstützt.',
  badExpiry: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
  cardExpired: 'Diese Karte ist abgelaufen.',
  badCvv: 'Geben Sie den 3- oder 4-stelligen Sicherheitscode ein.',
  badHolder: 'Geben Sie den Namen wie auf der Karte ein.',
  termsRequired: 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
  fixErrors: 'Bitte korrigieren Sie die markierten Felder.',
  linkExpired: 'Dieser Zahlungslink ist abgelaufen.',
  linkUsed: 'Dieser Zahlungslink ist nicht mehr gültig.',
  linkNotFound: 'Dieser Zahlungslink existiert nicht.',
  paid: 'Zahlung erfolgreich',
  declined: 'Zahlung abgelehnt',
  notCompleted: 'Zahlung nicht abgeschlossen',
  redirecting: 'Sie werden zum Shop zurückgeleitet…',
  continue: 'Weiter',
  backToStore: 'Zurück zum Shop',
  threeDsTitle: 'Bestätigen Sie Ihre Identität',
  threeDsText: 'Ihre Bank bittet Sie, die Zahlung von {amount} an {merchant} zu bestätigen.',
  threeDsConfirm: 'Zahlung bestätigen',
  threeDsSandbox: 'Sandbox-3-D-Secure: Kein Code erforderlich.',
  busy: 'Diese Zahlung wird bereits verarbeitet.',
  failed: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  chooseCard: 'Wählen Sie eine Karte.',
  savedCards: 'Gespeicherte Karten',
  newCard: 'Neue Karte verwenden',
  cardExpires: 'gültig bis {expiry}',
  payeeCardNumber: 'Kartennummer des Empfängers',
  yourCard: 'Ihre Karte',
  payoutTo: 'Auszahlung auf',
  payoutHint: 'Geben Sie das Ablaufdatum dieser Karte ein, um die Auszahlung zu erhalten.',
  receiveAmount: '{amount} erhalten',
  paymentMethod: 'Zahlungsart',
  methodCard: 'Karte',
  identifier: 'Konto-E-Mail',
  badIdentifier: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein.',
  methodStepTitle: 'Weiter mit {method}',
  methodStepText: '{method} bittet Sie, die Zahlung von {amount} an {merchant} zu bestätigen.',
};

const fr: PageText = {
  title: 'Paiement sécurisé',
  payAmount: 'Payer {amount}',
  orderLabel: 'Commande {number}',
  cardNumber: 'Numéro de carte',
  expiry: 'Date d’expiration',
  expiryHint: 'MM/AA',
  cvv: 'Code de sécurité',
  cvvHint: '3 ou 4 chiffres',
  holder: 'Nom du titulaire',
  terms: 'J’accepte les conditions générales',
  cancel: 'Annuler et revenir à la boutique',
  secure: 'Vos données de carte sont chiffrées et envoyées directement à la plateforme de paiement.',
  processing: 'Traitement…',
  required: 'Ce champ est obligatoire.',
  badCard: 'Numéro de carte invalide. Cette marque de carte n’est pas prise en charge.',
  badExpiry: 'Saisissez la date d’expiration au format MM/AA.',
  cardExpired: 'Cette carte a expiré.',
  badCvv: 'Saisissez le code de sécurité à 3 ou 4 chiffres.',
  badHolder: 'Saisissez le nom tel qu’il figure sur la carte.',
  termsRequired: 'Veuillez accepter les conditions générales.',
  fixErrors: 'Veuillez corriger les champs signalés.',
  linkExpired: 'Ce lien de paiement a expiré.',
  linkUsed: 'Ce lien de paiement n’est plus valide.',
  linkNotFound: 'Ce lien de paiement n’existe pas.',
  paid: 'Paiement réussi',
  declined: 'Paiement refusé',
  notCompleted: 'Paiement non effectué',
  redirecting: 'Retour à la boutique…',
  continue: 'Continuer',
  backToStore: 'Revenir à la boutique',
  threeDsTitle: 'Confirmez votre identité',
  threeDsText: 'Votre banque vous demande de confirmer le paiement de {amount} à {merchant}.',
  threeDsConfirm: 'Confirmer le paiement',
  threeDsSandbox: '3-D Secure de test : aucun code n’est nécessaire.',
  busy: 'Ce paiement est déjà en cours de traitement.',
  failed: 'Une erreur s’est produite de notre côté. Veuillez réessayer plus tard.',
  chooseCard: 'Choisissez une carte.',
  savedCards: 'Cartes enregistrées',
  newCard: 'Utiliser une nouvelle carte',
  cardExpires: 'expire {expiry}',
  payeeCardNumber: 'Numéro de carte du bénéficiaire',
  yourCard: 'Votre carte',
  payoutTo: 'Versement sur',
  payoutHint: 'Saisissez la date d’expiration de cette carte pour recevoir le versement.',
  receiveAmount: 'Recevoir {amount}',
  paymentMethod: 'Moyen de paiement',
  methodCard: 'Carte',
  identifier: 'E-mail du compte',
  badIdentifier: 'Saisissez l’e-mail de votre compte.',
  methodStepTitle: 'Continuer avec {method}',
  methodStepText: '{method} vous demande d’approuver le paiement de {amount} à {merchant}.',
};

const sp: PageText = {
  title: 'Pago seguro',
  payAmount: 'Pagar {amount}',
  orderLabel: 'Pedido {number}',
  cardNumber: 'Número de tarjeta',
  expiry: 'Fecha de caducidad',
  expiryHint: 'MM/AA',
  cvv: 'Código de seguridad',
  cvvHint: '3 o 4 dígitos',
  holder: 'Nombre del titular',
  terms: 'Acepto los Términos y Condiciones',
  cancel: 'Cancelar y volver a la tienda',
  secure: 'Los datos de su tarjeta se cifran y se envían directamente a la plataforma de pago.',
  processing: 'Procesando…',
  required: 'Este campo es obligatorio.',
  badCard: 'Número de tarjeta no válido. Esta marca de tarjeta no es compatible.',
  badExpiry: 'Introduzca la fecha de caducidad como MM/AA.',
  cardExpired: 'Esta tarjeta ha caducado.',
  badCvv: 'Introduzca el código de seguridad de 3 o 4 dígitos.',
  badHolder: 'Introduzca el nombre tal como aparece en la tarjeta.',
  termsRequired: 'Acepte los Términos y Condiciones.',
  fixErrors: 'Corrija los campos marcados.',
  linkExpired: 'Este enlace de pago ha caducado.',
  linkUsed: 'Este enlace de pago ya no es válido.',
  linkNotFound: 'Este enlace de pago no existe.',
  paid: 'Pago realizado',
  declined: 'Pago rechazado',
  notCompleted: 'Pago no completado',
  redirecting: 'Volviendo a la tienda…',
  continue: 'Continuar',
  backToStore: 'Volver a la tienda',
  threeDsTitle: 'Confirme que es usted',
  threeDsText: 'Su banco le pide que confirme el pago de {amount} a {merchant}.',
  threeDsConfirm: 'Confirmar pago',
  threeDsSandbox: '3-D Secure de prueba: no se necesita ningún código.',
  busy: 'Este pago ya se está procesando.',
  failed: 'Se ha producido un error por nuestra parte. Inténtelo de nuevo más tarde.',
  chooseCard: 'Elija una tarjeta.',
  savedCards: 'Tarjetas guardadas',
  newCard: 'Usar una tarjeta nueva',
  cardExpires: 'vence {expiry}',
  payeeCardNumber: 'Número de tarjeta del destinatario',
  yourCard: 'Su tarjeta',
  payoutTo: 'Pago a',
  payoutHint: 'Introduzca la fecha de caducidad de esta tarjeta para recibir el pago.',
  receiveAmount: 'Recibir {amount}',
  paymentMethod: 'Método de pago',
  methodCard: 'Tarjeta',
  identifier: 'Correo de la cuenta',
  badIdentifier: 'Introduzca el correo de su cuenta.',
  methodStepTitle: 'Continuar con {method}',
  methodStepText: '{method} le pide aprobar el pago de {amount} a {merchant}.',
};

const ar: PageText = {
  title: 'دفع آمن',
  payAmount: 'ادفع {amount}',
  orderLabel: 'الطلب {number}',
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء',
  expiryHint: 'شهر/سنة',
  cvv: 'رمز الأمان',
  cvvHint: '3 أو 4 أرقام',
  holder: 'اسم حامل البطاقة',
  terms: 'أوافق على الشروط والأحكام',
  cancel: 'إلغاء والعودة إلى المتجر',
  secure: 'يتم تشفير بيانات بطاقتك وإرسالها مباشرة إلى منصة الدفع.',
  processing: 'جارٍ المعالجة…',
  required: 'هذا الحقل مطلوب.',
  badCard: 'رقم البطاقة غير صالح. نوع البطاقة غير مدعوم.',
  badExpiry: 'أدخل تاريخ الانتهاء بصيغة MM/YY.',
  cardExpired: 'انتهت صلاحية هذه البطاقة.',
  badCvv: 'أدخل رمز الأمان المكون من 3 أو 4 أرقام.',
  badHolder: 'أدخل الاسم كما يظهر على البطاقة.',
  termsRequired: 'يرجى قبول الشروط والأحكام.',
  fixErrors: 'يرجى تصحيح الحقول المميزة.',
  linkExpired: 'انتهت صلاحية رابط الدفع هذا.',
  linkUsed: 'رابط الدفع هذا لم يعد صالحًا.',
  linkNotFound: 'رابط الدفع هذا غير موجود.',
  paid: 'تم الدفع بنجاح',
  declined: 'تم رفض الدفع',
  notCompleted: 'لم تكتمل عملية الدفع',
  redirecting: 'جارٍ إعادتك إلى المتجر…',
  continue: 'متابعة',
  backToStore: 'العودة إلى المتجر',
  threeDsTitle: 'أكّد هويتك',
  threeDsText: 'يطلب منك البنك تأكيد دفع {amount} إلى {merchant}.',
  threeDsConfirm: 'تأكيد الدفع',
  threeDsSandbox: 'بيئة اختبار 3-D Secure: لا حاجة إلى رمز.',
  busy: 'هذه الدفعة قيد المعالجة بالفعل.',
  failed: 'حدث خطأ من جانبنا. يرجى المحاولة مرة أخرى لاحقًا.',
  chooseCard: 'اختر بطاقة.',
  savedCards: 'البطاقات المحفوظة',
  newCard: 'استخدام بطاقة جديدة',
  cardExpires: 'تنتهي {expiry}',
  payeeCardNumber: 'رقم بطاقة المستلم',
  yourCard: 'بطاقتك',
  payoutTo: 'الدفع إلى',
  payoutHint: 'أدخل تاريخ انتهاء هذه البطاقة لاستلام الدفعة.',
  receiveAmount: 'استلام {amount}',
  paymentMethod: 'طريقة الدفع',
  methodCard: 'بطاقة',
  identifier: 'البريد الإلكتروني للحساب',
  badIdentifier: 'أدخل البريد الإلكتروني لحسابك.',
  methodStepTitle: 'المتابعة باستخدام {method}',
  methodStepText: 'يطلب منك {method} الموافقة على دفع {amount} إلى {merchant}.',
};

const ru: PageText = {
  title: 'Безопасная оплата',
  payAmount: 'Оплатить {amount}',
  orderLabel: 'Заказ {number}',
  cardNumber: 'Номер карты',
  expiry: 'Срок действия',
  expiryHint: 'ММ/ГГ',
  cvv: 'Код безопасности',
  cvvHint: '3 или 4 цифры',
  holder: 'Имя держателя карты',
  terms: 'Я принимаю Условия и положения',
  cancel: 'Отменить и вернуться в магазин',
  secure: 'Данные карты шифруются и передаются напрямую платёжной платформе.',
  processing: 'Обработка…',
  required: 'Это поле обязательно.',
  badCard: 'Неверный номер карты. Платёжная система карты не поддерживается.',
  badExpiry: 'Введите срок действия в формате ММ/ГГ.',
  cardExpired: 'Срок действия карты истёк.',
  badCvv: 'Введите код безопасности из 3 или 4 цифр.',
  badHolder: 'Введите имя так, как оно указано на карте.',
  termsRequired: 'Пожалуйста, примите Условия и положения.',
  fixErrors: 'Исправьте отмеченные поля.',
  linkExpired: 'Срок действия ссылки на оплату истёк.',
  linkUsed: 'Эта ссылка на оплату больше недействительна.',
  linkNotFound: 'Такой ссылки на оплату не существует.',
  paid: 'Оплата прошла успешно',
  declined: 'Платёж отклонён',
  notCompleted: 'Оплата не завершена',
  redirecting: 'Возвращаем вас в магазин…',
  continue: 'Продолжить',
  backToStore: 'Вернуться в магазин',
  threeDsTitle: 'Подтвердите, что это вы',
  threeDsText: 'Ваш банк просит подтвердить платёж {amount} в пользу {merchant}.',
  threeDsConfirm: 'Подтвердить платёж',
  threeDsSandbox: 'Тестовый 3-D Secure: код не нужен.',
  busy: 'Этот платёж уже обрабатывается.',
  failed: 'На нашей стороне произошла ошибка. Пожалуйста, попробуйте позже.',
  chooseCard: 'Выберите карту.',
  savedCards: 'Сохранённые карты',
  newCard: 'Использовать новую карту',
  cardExpires: 'действует до {expiry}',
  payeeCardNumber: 'Номер карты получателя',
  yourCard: 'Ваша карта',
  payoutTo: 'Выплата на',
  payoutHint: 'Введите срок действия этой карты, чтобы получить выплату.',
  receiveAmount: 'Получить {amount}',
  paymentMethod: 'Способ оплаты',
  methodCard: 'Карта',
  identifier: 'E-mail аккаунта',
  badIdentifier: 'Введите e-mail вашего аккаунта.',
  methodStepTitle: 'Продолжить с {method}',
  methodStepText: '{method} просит подтвердить платёж {amount} в пользу {merchant}.',
};

/** The spec's language codes (lowercased). */
export const SPEC_LANGUAGES = ['en', 'sp', 'ar', 'az', 'fr', 'nb', 'zh', 'zh-tw', 'kk', 'de', 'it', 'hr', 'cs', 'hu', 'pl', 'pt', 'ro', 'ja', 'nl', 'bg', 'ru'];

const TEXTS: Record<string, PageText> = { en, de, fr, sp, ar, ru };
const RTL = new Set(['ar']);
/** The protocol's "sp" is Spanish; the HTML lang attribute wants the BCP 47 tag. */
const HTML_LANG: Record<string, string> = { sp: 'es', nb: 'nb', 'zh-tw': 'zh-TW' };

export interface PageLanguage {
  code: string;
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  t: PageText;
}

export function pageLanguage(requested: string | undefined): PageLanguage {
  const code = requested?.trim().toLowerCase();
  const chosen = code && TEXTS[code] ? code : 'en';
  return { code: chosen, htmlLang: HTML_LANG[chosen] ?? chosen, dir: RTL.has(chosen) ? 'rtl' : 'ltr', t: TEXTS[chosen]! };
}

/** Fills {name} placeholders. Values are inserted as text; the renderer escapes the result. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
