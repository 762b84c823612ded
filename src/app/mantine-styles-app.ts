/**
 * Mantine's stylesheets for the components only the signed-in app and the public pages draw,
 * imported by their layouts (app-layout.tsx, legal-layout.tsx): /login does not load them
 * (issue 10). They come after mantine-styles.ts, in the order of Mantine's own bundle. Those of
 * components that only a lazy page draws (Select's Combobox, Checkbox, Radio, Switch, their
 * InlineInput, Slider, NavLink) are imported by the components that draw them, so home does not
 * carry them: a component new to such a page needs its stylesheet there.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
