import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/auth';
import { useSessionOutputs } from './api/outputs-api';
import { postedState } from './output-rules';

export interface OutputPromptActionProps {
  sessionId: string;
  onOpen: () => void;
}

/**
 * The output moment's action on the watch page: "write your output", or once the pupil has
 * posted one, what became of it (posted, awaiting a teacher, not published) and "edit" (issue 24).
 */
export function OutputPromptAction({ sessionId, onOpen }: OutputPromptActionProps) {
  const { t } = useTranslation('outputs');
  const me = useMe();
  const outputs = useSessionOutputs(sessionId);
  const state = me.data ? postedState(outputs.data ?? [], me.data._id) : null;
  return (
    <Group gap="xs" data-testid="output-prompt-action" data-state={state ?? 'none'}>
      {state && (
        <Badge variant="light" color={state === 'published' ? 'teal' : 'gray'}>
          {t(`prompt.state.${state}`)}
        </Badge>
      )}
      <Button size="xs" variant="light" w="fit-content" onClick={onOpen}>
        {state ? t('section.edit') : t('prompt.write')}
      </Button>
    </Group>
  );
}
