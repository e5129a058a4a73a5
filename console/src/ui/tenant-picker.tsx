import { css } from '@emotion/react';
import { useId } from 'react';
import { SPACE } from '../theme/tokens';

/** A tenant as a page offers it: its slug, and the name it is shown by. */
export interface TenantName {
  tenant: string;
  name: string;
}

const beside = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.sm};
  align-items: center;
`;
const above = css`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
`;

/**
 * One tenant of `tenants`, chosen by name under the label "Tenant". `inline` puts the label beside
 * the list (a page's choice of what it shows), else above it (a field among a form's others).
 */
export function TenantPicker({
  tenants,
  value,
  onChange,
  inline = false,
  required = false,
}: {
  tenants: readonly TenantName[];
  value: string;
  onChange: (tenant: string) => void;
  inline?: boolean;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div css={inline ? beside : above}>
      <label
        htmlFor={id}
        css={css`
          font-weight: 600;
        `}
      >
        Tenant
      </label>
      <select
        id={id}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        css={css`
          max-width: 100%;
        `}
      >
        {tenants.map((option) => (
          <option key={option.tenant} value={option.tenant}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
