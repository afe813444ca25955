import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { destroy, identify, init, on, open, setMetadata } from '@showback/widget';

const params = new URLSearchParams(location.search);

function App() {
  const [status, setStatus] = useState('');
  useEffect(() => {
    init({ key: params.get('key') ?? 'wk_demo', host: params.get('host') ?? 'http://localhost:3000', launcher: false });
    identify({ id: 'customer-42', name: 'Ada' });
    setMetadata('app', 'react-example');
    const offs = [on('submitted', ({ submissionId }) => setStatus(`Thanks! Recording ${submissionId} sent.`)), on('error', (e) => setStatus(`widget: ${e.code}`))];
    return () => {
      offs.forEach((off) => off());
      destroy();
    };
  }, []);
  return (
    <main>
      <h1>Orders</h1>
      <button type="button" onClick={() => fetch('/api/orders?page=2').then((r) => console.warn('orders', r.status))}>
        Load more
      </button>
      <button type="button" onClick={() => open({ instructions: 'Show us the problem with your orders.' }).catch(() => {})}>
        Report a problem
      </button>
      <p role="status">{status}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
