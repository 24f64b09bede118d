// SPEC §4 outdoor mode switch on the map, bottom left (thumb reach on a phone). The larger touch
// targets are CSS on Shell's data-outdoor attribute, injected once here. Test hook:
// data-testid="outdoor-button", aria-pressed.
import { Button, makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { WeatherSunnyFilled, WeatherSunnyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { setOutdoor, useOutdoor } from '../state/outdoor_store.ts';

/**
 * Outdoors, gloves and glare: every button gets at least 48 px; the map's zoom buttons are 44 px
 * touch targets (src/map/map_layout.ts).
 */
const useOutdoorTargets = makeStaticStyles({
  '[data-outdoor="true"] .fui-Button, [data-outdoor="true"] .fui-ToggleButton, [data-outdoor="true"] .fui-Tab': {
    minHeight: '48px',
    minWidth: '48px',
  },
});

const useStyles = makeStyles({
  button: {
    position: 'absolute',
    bottom: '16px',
    left: '8px',
    zIndex: 2,
    width: '44px',
    height: '44px',
    minWidth: '44px',
    padding: 0,
    boxShadow: tokens.shadow4,
  },
});

export function OutdoorButton() {
  const { t } = useTranslation();
  const styles = useStyles();
  useOutdoorTargets();
  const on = useOutdoor((s) => s.on);
  const label = on ? t('outdoor.off') : t('outdoor.on');
  return (
    <Button
      className={styles.button}
      appearance={on ? 'primary' : 'secondary'}
      icon={on ? <WeatherSunnyFilled /> : <WeatherSunnyRegular />}
      aria-label={label}
      title={label}
      aria-pressed={on}
      data-testid="outdoor-button"
      onClick={() => setOutdoor(!on)}
    />
  );
}
