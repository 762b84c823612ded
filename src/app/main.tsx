import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createRouter();
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
