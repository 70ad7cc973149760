import { createBrowserRouter } from 'react-router-dom';
import { routes } from './route-table.js';

export const router = createBrowserRouter(routes);
