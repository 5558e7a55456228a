"""The protocol's request hashes. password is your merchant PASSWORD; algo is "md5", or "sha256" when your
merchant setting "SHA256 mode" is on. Values go in exactly as you send them ("1.99" stays "1.99"). The formulas
are defined with PHP's byte-wise strrev and strtoupper: these work on the UTF-8 bytes too."""
import hashlib


def _b(value: str) -> bytes:
    return value.encode("utf-8")


def _rev(value: str) -> bytes:
    return _b(value)[::-1]  # PHP strrev: the bytes, reversed


def _hex(algo: str, data: bytes) -> str:
    return hashlib.new(algo, data.upper()).hexdigest()  # bytes.upper(): only a-z change, like PHP strtoupper


def card6_4(card: str) -> str:
    return card[:6] + card[-4:]  # first 6 and last 4 digits


# S2S CARD (POST /post)
def formula1(email: str, password: str, card: str, algo: str = "md5") -> str:
    """SALE, AUTH, DEBIT, CARD2CARD (payer_card_number), RECURRING_SALE, RETRY."""
    return _hex(algo, _rev(email) + _b(password) + _rev(card6_4(card)))


def formula1_token(email: str, password: str, card_token: str, algo: str = "md5") -> str:
    """Formula 1 with card_token in place of the card."""
    return _hex(algo, _rev(email) + _b(password) + _rev(card_token))


def formula2(email: str, password: str, trans_id: str, card: str, algo: str = "md5") -> str:
    """CAPTURE, CREDITVOID, VOID, GET_TRANS_STATUS, GET_TRANS_DETAILS, and S2S CARD callbacks."""
    return _hex(algo, _rev(email) + _b(password + trans_id) + _rev(card6_4(card)))


def formula3(password: str, algo: str = "md5") -> str:
    """CREATE_SCHEDULE."""
    return _hex(algo, _rev(password))


def formula4(schedule_id: str, password: str, algo: str = "md5") -> str:
    """UPDATE_, PAUSE_, RUN_, DELETE_SCHEDULE, SCHEDULE_INFO, DESCHEDULE."""
    return _hex(algo, _rev(schedule_id + password))


def formula5(password: str, card: str, algo: str = "md5") -> str:
    """CREDIT2CARD."""
    return _hex(algo, _b(password) + _rev(card6_4(card)))


def formula5_token(password: str, card_token: str, algo: str = "md5") -> str:
    """Formula 5 with card_token in place of the card."""
    return _hex(algo, _b(password) + _rev(card_token))


def formula6(password: str, trans_id: str, card: str, algo: str = "md5") -> str:
    """CREDIT2CARD callbacks, and the Formula 2 actions on a CREDIT2CARD."""
    return _hex(algo, _b(password + trans_id) + _rev(card6_4(card)))


def formula7(email: str, password: str, order_id: str, card: str, algo: str = "md5") -> str:
    """GET_TRANS_STATUS_BY_ORDER (Formula 2 with the latest trans_id also works)."""
    return _hex(algo, _rev(email) + _b(password + order_id) + _rev(card6_4(card)))


def formula8(email: str, password: str, algo: str = "md5") -> str:
    """SALE with a wallet payment_token (Apple Pay, Google Pay)."""
    return _hex(algo, _rev(email) + _b(password))


# S2S APM (POST /post-va): the grouping differs per action, so each has its own function.
def apm_sale_hash(identifier: str, order_id: str, amount: str, currency: str, password: str, algo: str = "md5") -> str:
    """SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC ("" for an identifier or amount you do not send)."""
    return _hex(algo, _rev(identifier + order_id + amount + currency + password))


def apm_creditvoid_hash(trans_id: str, password: str, algo: str = "md5") -> str:
    """CREDITVOID."""
    return _hex(algo, _rev(trans_id + password))


def apm_trans_id_hash(trans_id: str, password: str, algo: str = "md5") -> str:
    """VOID, CAPTURE, GET_TRANS_STATUS, DEBIT2VIRTUAL_COMPLETE: PASSWORD after the uppercasing, not reversed."""
    return hashlib.new(algo, _rev(trans_id).upper() + _b(password)).hexdigest()


def apm_credit2virtual_hash(order_id: str, amount: str, currency: str, password: str, algo: str = "md5") -> str:
    """CREDIT2VIRTUAL, CREDIT2CRYPTO."""
    return hashlib.new(algo, _rev(order_id + amount + currency).upper() + _b(password)).hexdigest()


def checkout_hash(parts: list, password: str, algo: str = "md5") -> str:
    """Checkout and hosted fields (JSON): sha1 of the md5's hex text. parts in the order of the operation:
    session: order.number, order.amount, order.currency, order.description; status, void, retry: payment_id (or
    order_id); refund, capture: payment_id, amount; recurring: recurring_init_trans_id, recurring_token,
    order.number, order.amount, order.description; card credit: order_id, order_amount, order_currency,
    order_description. With SHA256 mode the inner md5 is sha256; the outer sha1 stays."""
    inner = hashlib.new(algo, _b("".join(parts) + password).upper()).hexdigest()
    return hashlib.sha1(inner.encode("ascii")).hexdigest()
