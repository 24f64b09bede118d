// Controls for the rows of a windowed list (issue 14: no main-thread task over 50 ms at CPU 4×).
// The review queue's rows each repeat a checkbox, a badge and two or three buttons. As Fluent
// components each carries some forty atomic classes and a dozen hooks, and rendering, restyling and
// painting the rows that scroll into view held the main thread past 50 ms at each scroll step (a
// trace at 2,000 pending: 25–28 tasks over 50 ms in the queue's steps with Fluent rows, 13–16 with
// native ones, none left while scrolling). These are native elements with Fluent's look, from its
// tokens: one class each, no hooks. Everywhere else the Fluent component is the one to use.
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { createCustomFocusIndicatorStyle, makeResetStyles, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';

const useButtonBase = makeResetStyles({
  alignItems: 'center',
  boxSizing: 'border-box',
  display: 'inline-flex',
  justifyContent: 'center',
  verticalAlign: 'middle',
  margin: 0,
  overflow: 'hidden',
  padding: `5px ${tokens.spacingHorizontalM}`,
  minWidth: '96px',
  backgroundColor: tokens.colorNeutralBackground1,
  color: tokens.colorNeutralForeground1,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  fontFamily: tokens.fontFamilyBase,
  fontSize: tokens.fontSizeBase300,
  fontWeight: tokens.fontWeightSemibold,
  lineHeight: tokens.lineHeightBase300,
  outlineStyle: 'none',
  cursor: 'pointer',
  ':hover': {
    backgroundColor: tokens.colorNeutralBackground1Hover,
    borderColor: tokens.colorNeutralStroke1Hover,
    color: tokens.colorNeutralForeground1Hover,
  },
  ':hover:active': {
    backgroundColor: tokens.colorNeutralBackground1Pressed,
    borderColor: tokens.colorNeutralStroke1Pressed,
    color: tokens.colorNeutralForeground1Pressed,
  },
  ':disabled': {
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    borderColor: tokens.colorNeutralStrokeDisabled,
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'not-allowed',
  },
  // The keyboard focus ring Fluent's own buttons show (its focus-visible marker on the element).
  ...createCustomFocusIndicatorStyle({
    borderColor: tokens.colorStrokeFocus2,
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorTransparentStroke}`,
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorStrokeFocus2} inset`,
    zIndex: 1,
  }),
  '@media (forced-colors: active)': {
    ':focus': { borderColor: 'ButtonText' },
  },
});

const useButtonStyles = makeStyles({
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    ...shorthands.borderColor('transparent'),
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      ...shorthands.borderColor('transparent'),
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorBrandBackgroundPressed,
      ...shorthands.borderColor('transparent'),
      color: tokens.colorNeutralForegroundOnBrand,
    },
    '@media (forced-colors: active)': { backgroundColor: 'Highlight', ...shorthands.borderColor('HighlightText'), color: 'HighlightText' },
  },
});

interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  appearance?: 'secondary' | 'primary';
}

/** A native button that looks like Fluent's medium Button (secondary or primary). */
export function LightButton({ appearance = 'secondary', className, type = 'button', ...rest }: LightButtonProps) {
  const base = useButtonBase();
  const styles = useButtonStyles();
  return <button type={type} className={mergeClasses(base, appearance === 'primary' && styles.primary, className)} {...rest} />;
}

// A 44 px target around a native checkbox in the brand colour (issue 19: touch targets).
const useCheckboxBase = makeResetStyles({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  cursor: 'pointer',
  '& > input': {
    width: '16px',
    height: '16px',
    margin: 0,
    cursor: 'pointer',
    accentColor: tokens.colorCompoundBrandBackground,
  },
});

/** A native checkbox in a 44 px target; `aria-label` names it (no visible label). */
export function LightCheckbox({ className, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={mergeClasses(useCheckboxBase(), className)}>
      <input type="checkbox" {...input} />
    </label>
  );
}

const useBadgeBase = makeResetStyles({
  display: 'inline-flex',
  boxSizing: 'border-box',
  alignItems: 'center',
  justifyContent: 'center',
  height: '20px',
  minWidth: '20px',
  padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
  borderRadius: tokens.borderRadiusCircular,
  border: `${tokens.strokeWidthThin} solid`,
  fontFamily: tokens.fontFamilyBase,
  fontSize: tokens.fontSizeBase200,
  fontWeight: tokens.fontWeightSemibold,
  lineHeight: tokens.lineHeightBase200,
  whiteSpace: 'nowrap',
});

// Fluent Badge's "tint" colours.
const useBadgeStyles = makeStyles({
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
    ...shorthands.borderColor(tokens.colorPaletteGreenBorder1),
  },
  warning: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteYellowForeground1,
    ...shorthands.borderColor(tokens.colorPaletteYellowBorder1),
  },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
  },
  informative: {
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground3,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
  },
});

export type LightBadgeColor = 'success' | 'warning' | 'danger' | 'informative';

/** A small tinted label, as Fluent's Badge with appearance "tint". */
export function LightBadge({
  color,
  className,
  children,
  ...rest
}: {
  color: LightBadgeColor;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const styles = useBadgeStyles();
  return (
    <span className={mergeClasses(useBadgeBase(), styles[color], className)} {...rest}>
      {children}
    </span>
  );
}
