import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleRoutes } from './app';
import { SessionProvider } from './session/session';
import { GlobalStyles } from './theme/global-styles';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <GlobalStyles />
    <SessionProvider>
      <BrowserRouter>
        <ConsoleRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
