<?php
// The protocol's request hashes. $password is your merchant PASSWORD; $algo is 'md5', or 'sha256' when your
// merchant setting "SHA256 mode" is on. Values go in exactly as you send them ("1.99" stays "1.99").
// PHP's strrev and strtoupper work on bytes: for non-ASCII values this is what the platform computes.

function card6_4(string $card): string
{
    return substr($card, 0, 6) . substr($card, -4); // first 6 and last 4 digits
}

// S2S CARD (POST /post)
// Formula 1: SALE, AUTH, DEBIT, CARD2CARD (payer_card_number), RECURRING_SALE, RETRY.
function formula1(string $email, string $password, string $card, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($email) . $password . strrev(card6_4($card))));
}

// Formula 1 with card_token in place of the card.
function formula1_token(string $email, string $password, string $cardToken, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($email) . $password . strrev($cardToken)));
}

// Formula 2: CAPTURE, CREDITVOID, VOID, GET_TRANS_STATUS, GET_TRANS_DETAILS, and S2S CARD callbacks.
function formula2(string $email, string $password, string $transId, string $card, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($email) . $password . $transId . strrev(card6_4($card))));
}

// Formula 3: CREATE_SCHEDULE.
function formula3(string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($password)));
}

// Formula 4: UPDATE_, PAUSE_, RUN_, DELETE_SCHEDULE, SCHEDULE_INFO, DESCHEDULE.
function formula4(string $scheduleId, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($scheduleId . $password)));
}

// Formula 5: CREDIT2CARD.
function formula5(string $password, string $card, string $algo = 'md5'): string
{
    return hash($algo, strtoupper($password . strrev(card6_4($card))));
}

// Formula 5 with card_token in place of the card.
function formula5_token(string $password, string $cardToken, string $algo = 'md5'): string
{
    return hash($algo, strtoupper($password . strrev($cardToken)));
}

// Formula 6: CREDIT2CARD callbacks, and the Formula 2 actions on a CREDIT2CARD.
function formula6(string $password, string $transId, string $card, string $algo = 'md5'): string
{
    return hash($algo, strtoupper($password . $transId . strrev(card6_4($card))));
}

// Formula 7: GET_TRANS_STATUS_BY_ORDER (order_id in place of trans_id; Formula 2 with the latest trans_id also works).
function formula7(string $email, string $password, string $orderId, string $card, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($email) . $password . $orderId . strrev(card6_4($card))));
}

// Formula 8: SALE with a wallet payment_token (Apple Pay, Google Pay).
function formula8(string $email, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($email) . $password));
}

// S2S APM (POST /post-va): the grouping differs per action, so each has its own function.
// SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC ('' for an identifier or amount you do not send).
function apm_sale_hash(string $identifier, string $orderId, string $amount, string $currency, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($identifier . $orderId . $amount . $currency . $password)));
}

// CREDITVOID.
function apm_creditvoid_hash(string $transId, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($transId . $password)));
}

// VOID, CAPTURE, GET_TRANS_STATUS, DEBIT2VIRTUAL_COMPLETE: PASSWORD after the uppercasing, not reversed.
function apm_trans_id_hash(string $transId, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($transId)) . $password);
}

// CREDIT2VIRTUAL, CREDIT2CRYPTO.
function apm_credit2virtual_hash(string $orderId, string $amount, string $currency, string $password, string $algo = 'md5'): string
{
    return hash($algo, strtoupper(strrev($orderId . $amount . $currency)) . $password);
}

// Checkout and hosted fields (JSON): sha1 of the md5's hex text. $parts in the order of the operation:
// session: order.number, order.amount, order.currency, order.description; status, void, retry: payment_id (or
// order_id); refund, capture: payment_id, amount; recurring: recurring_init_trans_id, recurring_token,
// order.number, order.amount, order.description; card credit: order_id, order_amount, order_currency,
// order_description. With SHA256 mode the inner md5 is sha256; the outer sha1 stays.
function checkout_hash(array $parts, string $password, string $algo = 'md5'): string
{
    return sha1(hash($algo, strtoupper(implode('', $parts) . $password)));
}
