/**
 * Mantine's global stylesheets, loaded first by the entry. Each component's own stylesheet comes
 * with the component's code, in the same chunk, by the build (scripts/mantine-component-styles.ts):
 * nothing here or in a feature imports `@mantine/core/styles/<Component>.css` by hand.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
