/**
 * Mantine's stylesheets for what every first load draws (/login, its dialogs, the consent banner,
 * the error and loading pages), instead of `@mantine/core/styles.css` (all 290 kB of it; issue 10).
 * The signed-in shell and the public pages add the rest (mantine-styles-app.ts), the toasts their
 * own (toasts.tsx). Order matters: the global files first, then each component after the ones it
 * is built on, in the order of Mantine's own bundle. A new Mantine component needs its line here
 * or in mantine-styles-app.ts (and those of the components it is built on: see
 * https://mantine.dev/styles/css-files-list/), or it shows unstyled.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
