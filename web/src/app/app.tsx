import { RouterProvider } from 'react-router';
import '../i18n';
import { Providers } from './providers';
import { createRouter } from './router';

const router = createRouter();

/** The web app: providers around the router. */
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
