// The anchor of the first-screen benchmark (perf/first-screen.mjs): the product's first screen as
// a bare client-rendered React page would show it: a heading, the step line and the plan cards
// from one JSON request, in the product's language and direction. No router, no state library,
// no federation: what a visitor's phone could do at best with React on the client.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './bare.css';

type Plan = { ProductCode: number; Name: string; AvailablePlans: { Description?: string }[]; PackagesPricingTable: { NetPrice: number; VATAmount: number }[] };

const ar = new URLSearchParams(location.search).get('lang') === 'ar';
document.documentElement.lang = ar ? 'ar' : 'en';
document.documentElement.dir = ar ? 'rtl' : 'ltr';
const TEXT = ar
  ? { step: 'الخطوة 1 من 5 · اختر باقتك', heading: 'اختر باقتك', intro: 'باقات مسبقة الدفع لإقامتك في الإمارات. الأسعار تشمل ضريبة القيمة المضافة 5٪.', choose: 'اختر هذه الباقة' }
  : { step: 'Step 1 of 5 · Choose your plan', heading: 'Choose your plan', intro: 'Prepaid plans for your stay in the UAE. Prices include 5% VAT.', choose: 'Choose this plan' };

function Page() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  useEffect(() => {
    void fetch(ar ? '/plans.json?lang=ar' : '/plans.json')
      .then((r) => r.json() as Promise<{ products: Plan[] }>)
      .then((j) => setPlans(j.products));
  }, []);
  return (
    <main>
      <header className="bar">Tourist SIM</header>
      <p className="step">{TEXT.step}</p>
      <h1>{TEXT.heading}</h1>
      <p>{TEXT.intro}</p>
      <ul className="cards">
        {plans?.map((p) => (
          <li key={p.ProductCode} className="card">
            <h2>{p.Name}</h2>
            {p.AvailablePlans.map((s, i) => (s.Description ? <p key={i}>{s.Description}</p> : null))}
            {p.PackagesPricingTable[0] ? <p className="price">AED {(p.PackagesPricingTable[0].NetPrice + p.PackagesPricingTable[0].VATAmount).toFixed(2)}</p> : null}
            <button type="button">{TEXT.choose}</button>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
