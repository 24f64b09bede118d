// Shared inline layout of the dialog forms (a column of fields, actions at the end).
import type { CSSProperties } from 'react';

export const formStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 12 };
export const actionsStyle: CSSProperties = { display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap', marginTop: 4 };
