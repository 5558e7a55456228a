/**
 * Every brand descriptor, one import per file of this folder (a test checks none is missing). Adding a method: its
 * file here and one line below; a provider file too if it needs a flow no provider serves yet.
 */
import type { BrandDescriptor } from '../descriptor.js';
import bank_code_ars from './bank_code_ars.js';
import bank_code_mxn from './bank_code_mxn.js';
import bank_transfer from './bank_transfer.js';
import bnpl from './bnpl.js';
import bnpl_cart from './bnpl_cart.js';
import boleto from './boleto.js';
import crypto from './crypto.js';
import crypto_alt from './crypto_alt.js';
import crypto_deposit from './crypto_deposit.js';
import crypto_payout from './crypto_payout.js';
import crypto_withdraw from './crypto_withdraw.js';
import email_transfer from './email_transfer.js';
import etransfer_payout from './etransfer_payout.js';
import fx_redirect from './fx_redirect.js';
import ips from './ips.js';
import local_id from './local_id.js';
import mobile_money from './mobile_money.js';
import mobile_topup from './mobile_topup.js';
import open_banking from './open_banking.js';
import pix from './pix.js';
import regional_doc from './regional_doc.js';
import shop_redirect from './shop_redirect.js';
import sms_transfer from './sms_transfer.js';
import upi from './upi.js';
import upi_address from './upi_address.js';
import upi_collect from './upi_collect.js';
import vcard from './vcard.js';
import voucher from './voucher.js';
import wallet_co from './wallet_co.js';
import wallet_in from './wallet_in.js';
import wallet_th from './wallet_th.js';
import wallet_tr from './wallet_tr.js';
import wallet_vn from './wallet_vn.js';

export const BRAND_DESCRIPTORS: readonly BrandDescriptor[] = [
  bank_code_ars,
  bank_code_mxn,
  bank_transfer,
  bnpl,
  bnpl_cart,
  boleto,
  crypto,
  crypto_alt,
  crypto_deposit,
  crypto_payout,
  crypto_withdraw,
  email_transfer,
  etransfer_payout,
  fx_redirect,
  ips,
  local_id,
  mobile_money,
  mobile_topup,
  open_banking,
  pix,
  regional_doc,
  shop_redirect,
  sms_transfer,
  upi,
  upi_address,
  upi_collect,
  vcard,
  voucher,
  wallet_co,
  wallet_in,
  wallet_th,
  wallet_tr,
  wallet_vn,
];
