/**
 * The hosted page's only script (served with the page's CSP nonce). It formats the inputs and catches obvious
 * mistakes before a round trip; the server validates everything again. It never stores or sends card data
 * anywhere but the form's own POST.
 */
export const FORM_SCRIPT = `(function(){
var f=document.getElementById('pay-form');if(!f)return;
var d=f.dataset,num=f.elements.card_number,exp=f.elements.expiry,cvv=f.elements.cvv,holder=f.elements.holder,terms=f.elements.terms;
function digits(v){return v.replace(/\\D/g,'')}
function luhn(p){var s=0,dbl=false;for(var i=p.length-1;i>=0;i--){var n=+p[i];if(dbl){n*=2;if(n>9)n-=9}s+=n;dbl=!dbl}return s%10===0}
function brand(p){return /^(4|5[1-5]|2[2-7]|3[47]|6011|65|64[4-9]|35|62)/.test(p)}
function show(el,msg){var e=document.getElementById(el.name+'-error');el.setAttribute('aria-invalid',msg?'true':'false');if(e)e.textContent=msg||''}
num.addEventListener('input',function(){num.value=digits(num.value).slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ');show(num,'')});
exp.addEventListener('input',function(){var v=digits(exp.value).slice(0,4);exp.value=v.length>2?v.slice(0,2)+'/'+v.slice(2):v;show(exp,'')});
if(cvv)cvv.addEventListener('input',function(){cvv.value=digits(cvv.value).slice(0,4);show(cvv,'')});
holder.addEventListener('input',function(){show(holder,'')});
function check(){
var bad=[],p=digits(num.value),m=/^(\\d{2})\\/(\\d{2})$/.exec(exp.value.trim());
if(!p){show(num,d.required);bad.push(num)}else if(p.length<12||!luhn(p)||!brand(p)){show(num,d.badCard);bad.push(num)}
if(!exp.value.trim()){show(exp,d.required);bad.push(exp)}else if(!m||+m[1]<1||+m[1]>12){show(exp,d.badExpiry);bad.push(exp)}
else{var now=new Date(),y=2000+ +m[2],mo=+m[1];if(y<now.getFullYear()||(y===now.getFullYear()&&mo<now.getMonth()+1)){show(exp,d.cardExpired);bad.push(exp)}}
if(cvv){if(!cvv.value){show(cvv,d.required);bad.push(cvv)}else if(!/^\\d{3,4}$/.test(cvv.value)){show(cvv,d.badCvv);bad.push(cvv)}}
if(!holder.value.trim()){show(holder,d.required);bad.push(holder)}
if(terms&&!terms.checked){show(terms,d.termsRequired);bad.push(terms)}
return bad}
f.addEventListener('submit',function(ev){
var bad=check(),alert=document.getElementById('form-alert');
if(bad.length){ev.preventDefault();alert.textContent=d.fixErrors;bad[0].focus();return}
alert.textContent='';var b=document.getElementById('pay-button');b.disabled=true;b.textContent=d.processing});
})();`;

/** Sends the payer on to the merchant in the window url_target names (the frame itself when it is _self). */
export const RETURN_SCRIPT = `(function(){
var a=document.getElementById('continue');if(!a||a.dataset.auto!=='1')return;
var url=a.href,t=a.target||'_self';
try{if(t==='_top')window.top.location.href=url;else if(t==='_parent')window.parent.location.href=url;else if(t==='_blank'){if(!window.open(url,'_blank'))return}else window.location.replace(url)}catch(e){}
})();`;
