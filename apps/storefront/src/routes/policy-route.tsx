import { POLICIES, PolicyPage, type PolicyId } from '../features/pages/policies.js';
import { StaticPage } from '../features/pages/static-page.js';

/** `/terms-conditions`, `/privacy-policy`, `/refund-policy` and `/shipping-policy`. */
export function PolicyRoute({ policy }: { readonly policy: PolicyId }) {
  const { title, lead } = POLICIES[policy];
  return (
    <StaticPage title={title} lead={lead}>
      <PolicyPage policy={policy} />
    </StaticPage>
  );
}
