// SPEC §2 geolocation options prompt: the launch settings of the Location button (start the map
// centred on the user, show the position layer) where a field user looks for them, on the map.
// The same switches as the settings' map pane, kept in the same settings store.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MapSettings } from '../dialogs/SettingsPanes.tsx';
import { useFieldTools } from './field_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';

export function LocationOptionsPrompt() {
  const { t } = useTranslation();
  const open = useFieldTools((s) => s.optionsOpen);
  useReturnFocus(open);
  const close = () => useFieldTools.setState({ optionsOpen: false });
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface data-testid="location-options">
        <DialogBody>
          <DialogTitle>{t('mapMenu.locationOptionsTitle')}</DialogTitle>
          <DialogContent>
            <MapSettings />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
