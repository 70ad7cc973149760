import { ApiProvider, SessionProvider } from '@jalaj/web-kit';
import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './admin.css';
import { router } from './router.js';
import { adminTheme } from './theme.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider theme={adminTheme}>
      {/* Notifications at the bottom: at the top right they covered the header's buttons
          (Add Product, Sign Out), and a pointer resting on them keeps them open. */}
      <AntApp notification={{ placement: 'bottomRight' }}>
        <ApiProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </ApiProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
