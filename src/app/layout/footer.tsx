import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { config } from '../config';
import { contactHref } from '../menu';

export function Footer() {
  const { t, i18n } = useTranslation();
  const contact = contactHref(i18n.language, config);
  const links = [
    { to: '/policy', label: t('footer.policy') },
    { to: '/terms', label: t('footer.terms') },
    { to: '/privacy', label: t('footer.privacy') },
  ];
  return (
    <Box
      component="footer"
      py="lg"
      px="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group component="nav" aria-label={t('footer.label')} justify="center" gap="lg">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        ))}
        {contact ? (
          <Anchor
            href={contact}
            size="sm"
            c="dimmed"
            {...(contact.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener' })}
          >
            {t('footer.contact')}
          </Anchor>
        ) : (
          // No contact page or address configured: the contact form (POST /v0/inquiry).
          <Anchor component={Link} to="/contact" size="sm" c="dimmed">
            {t('footer.contact')}
          </Anchor>
        )}
      </Group>
      <Text size="xs" c="dimmed" ta="center" mt="sm">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
    </Box>
  );
}
