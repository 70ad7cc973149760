import { ApiProvider, brandCssVariables, SessionProvider } from '@jalaj/web-kit';
import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './admin.css';
import { router } from './router.js';
import { adminTheme } from './theme.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The brand's colours for admin.css, under the storefront's names.
for (const [name, value] of Object.entries(brandCssVariables())) document.documentElement.style.setProperty(name, value);

createRoot(container).render(
  <StrictMode>
    <ConfigProvider theme={adminTheme}>
      {/* Notifications at the bottom right, at every width: at the top they covered the header's
          buttons (Add Product, Sign Out; the login's 'Login Successful' landed on Sign Out), and a
          pointer resting on them keeps them open. A browser spec checks it at 390 and 1440 px. */}
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
