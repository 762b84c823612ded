import { Box, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Lang } from '@/contracts/user-entities';
import { MAIN_COLUMN_WIDTH } from '@/contracts/constants';
import type { LegalClause, LegalDocument } from './legal-document';

// Items inside a clause: 一、二、三 as in Japanese contracts (号), a, b, c in English.
const ITEM_MARKER: Record<Lang, string> = { ja: 'cjk-ideographic', en: 'lower-alpha' };

function ClauseBody({ clause, lang }: { clause: LegalClause; lang: Lang }) {
  return (
    <>
      <Text component="span">{clause.text}</Text>
      {clause.items ? (
        <List type="ordered" listStyleType={ITEM_MARKER[lang]} mt="xs" spacing={4} withPadding>
          {clause.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

/**
 * A terms-like document: h1 title, the articles as an ordered list (each an h2 with its clauses),
 * and the revision history. Clauses of one article are numbered as in Japanese contracts.
 */
export function LegalDocumentView({ document, lang }: { document: LegalDocument; lang: Lang }) {
  const titleId = useId();
  const historyId = useId();
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      lang={lang}
      maw={MAIN_COLUMN_WIDTH}
      mx="auto"
    >
      <Stack gap="lg">
        <Title order={1} id={titleId}>
          {document.title}
        </Title>
        {document.lead.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {/* The article number is part of each heading (第1条, Article 1), so no list marker. */}
        <List type="ordered" listStyleType="none" spacing="xl">
          {document.articles.map((article) => (
            <List.Item key={article.heading}>
              <Title order={2} size="h3" mb="xs">
                {article.heading}
              </Title>
              {article.clauses.length === 1 && article.clauses[0] ? (
                <Box>
                  <ClauseBody clause={article.clauses[0]} lang={lang} />
                </Box>
              ) : (
                <List type="ordered" spacing="xs" withPadding>
                  {article.clauses.map((clause) => (
                    <List.Item key={clause.text}>
                      <ClauseBody clause={clause} lang={lang} />
                    </List.Item>
                  ))}
                </List>
              )}
            </List.Item>
          ))}
        </List>
        {document.history ? (
          <Box component="section" aria-labelledby={historyId}>
            <Title order={2} size="h4" mb="xs" id={historyId}>
              {document.history.heading}
            </Title>
            <List spacing={4} listStyleType="none">
              {document.history.entries.map((entry) => (
                <List.Item key={entry}>
                  <Text size="sm">{entry}</Text>
                </List.Item>
              ))}
            </List>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
