/**
 * The hosted page's only script (served with the page's CSP nonce). It formats the inputs and catches obvious
 * mistakes before a round trip; the server validates everything again. It never stores or sends card data
 * anywhere but the form's own POST.
 */
export const FORM_SCRIPT = `(function(){
var f=document.getElementById('pay-form');if(!f)return;
var d=f.dataset;
function digits(v){return v.replace(/\\D/g,'')}
function luhn(p){var s=0,dbl=false;for(var i=p.length-1;i>=0;i--){var n=+p[i];if(dbl){n*=2;if(n>9)n-=9}s+=n;dbl=!dbl}return s%10===0}
function brand(p){return /^(4|5[1-5]|2[2-7]|3[47]|6011|65|64[4-9]|35|62)/.test(p)}
function show(el,msg){var e=document.getElementById(el.id+'-error');el.setAttribute('aria-invalid',msg?'true':'false');if(e)e.textContent=msg||''}
var fmt={card:function(el){el.value=digits(el.value).slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ')},
expiry:function(el){var v=digits(el.value).slice(0,4);el.value=v.length>2?v.slice(0,2)+'/'+v.slice(2):v},
cvv:function(el){el.value=digits(el.value).slice(0,4)}};
var inputs=f.querySelectorAll('[data-check]');
inputs.forEach(function(el){el.addEventListener('input',function(){var g=fmt[el.dataset.check];if(g)g(el);show(el,'')})});
// Method tabs and saved cards: only the chosen method's and card's fields are shown and sent (disabled fields are
// neither checked nor posted). Groups: card, apm (the identifier, any alternative method), or one method's own.
function picked(name){return f.querySelector('input[name='+name+']:checked')||f.querySelector('input[type=hidden][name='+name+']')}
function chosen(name,dflt){var c=picked(name);return c?c.value:dflt}
function sync(){var m=chosen('method','card'),c=chosen('card_choice','new'),p=picked('method');
f.querySelectorAll('[data-method]').forEach(function(g){var k=g.dataset.method;g.hidden=k==='card'?m!=='card':k==='apm'?m==='card':k!==m});
var idf=document.getElementById('identifier'),opt=!!(p&&p.dataset.identifier==='optional');
if(idf){idf.required=!opt;if(opt)idf.dataset.optional='1';else delete idf.dataset.optional;var h=document.getElementById('identifier-hint');if(h)h.hidden=!opt}
f.querySelectorAll('[data-choice]').forEach(function(g){g.hidden=(g.dataset.choice==='new')!==(c==='new')});
f.querySelectorAll('input:not([type=radio]):not([type=hidden])').forEach(function(i){i.disabled=!!i.closest('[hidden]')})}
f.querySelectorAll('input[type=radio]').forEach(function(r){r.addEventListener('change',sync)});sync();
function check(el){var v=el.value.trim(),k=el.dataset.check;
if(k==='terms')return el.checked?'':d.termsRequired;
if(!v)return el.dataset.optional?'':d.required;
if(k==='card'){var p=digits(v);return p.length<12||!luhn(p)||!brand(p)?d.badCard:''}
if(k==='expiry'){var m=/^(\\d{2})\\/(\\d{2})$/.exec(v);if(!m||+m[1]<1||+m[1]>12)return d.badExpiry;
var now=new Date(),y=2000+ +m[2],mo=+m[1];return y<now.getFullYear()||(y===now.getFullYear()&&mo<now.getMonth()+1)?d.cardExpired:''}
if(k==='cvv')return /^\\d{3,4}$/.test(v)?'':d.badCvv;
return ''}
f.addEventListener('submit',function(ev){
var bad=[],alert=document.getElementById('form-alert');
inputs.forEach(function(el){if(el.disabled)return;var msg=check(el);show(el,msg);if(msg)bad.push(el)});
if(bad.length){ev.preventDefault();alert.textContent=d.fixErrors;bad[0].focus();return}
alert.textContent='';var b=document.getElementById('pay-button');b.disabled=true;b.textContent=d.processing});
})();`;

/** Sends the payer on to the merchant in the window url_target names (the frame itself when it is _self). */
export const RETURN_SCRIPT = `(function(){
var a=document.getElementById('continue');if(!a||a.dataset.auto!=='1')return;
var url=a.href,t=a.target||'_self';
try{if(t==='_top')window.top.location.href=url;else if(t==='_parent')window.parent.location.href=url;else if(t==='_blank'){if(!window.open(url,'_blank'))return}else window.location.replace(url)}catch(e){}
})();`;
