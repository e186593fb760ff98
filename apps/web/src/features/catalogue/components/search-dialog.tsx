import {
  CloseButton,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { SearchHit } from '@myprosper/contract/catalogue';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import { searchHitsShown, searchMinLength, useSearchTopics } from '../api/search-topics.ts';
import { imagePlaceholder } from './cover-image.tsx';
import { SearchIcon } from './icons.tsx';
import classes from './search-dialog.module.css';

/**
 * The search dialog of spec 2.3: programs by name from 3 characters (typo tolerant on the server),
 * at most 6 hits with image and name; a hit opens /topics/{id}. Full screen on phones.
 */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const [text, setText] = useState('');
  useReturnFocus(opened);

  const close = () => {
    setText('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Search programs"
      fullScreen={isPhone}
      size="lg"
      yOffset="10vh"
      radius={isPhone ? 0 : 'md'}
      transitionProps={{ transition: isPhone ? 'slide-up' : 'pop', duration: 150 }}
    >
      <SearchPanel text={text} onTextChange={setText} onDone={close} />
    </Modal>
  );
}

function SearchPanel({
  text,
  onTextChange,
  onDone,
}: {
  text: string;
  onTextChange: (value: string) => void;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const isLongEnough = text.trim().length >= searchMinLength;
  const query = debounced.length >= searchMinLength && isLongEnough ? debounced : '';
  const search = useSearchTopics(query);
  const hits = isLongEnough && query ? (search.data?.hits ?? []).slice(0, searchHitsShown) : [];
  const isSearching = isLongEnough && (debounced !== text.trim() || search.isFetching);

  const open = (hit: SearchHit) => {
    onDone();
    void navigate(paths.topic(hit.objectID));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = hits[0];
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      open(first);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        data-autofocus
        type="search"
        placeholder="Search here..."
        aria-label="Search programs"
        aria-controls={listId}
        autoComplete="off"
        size="md"
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        leftSection={<SearchIcon />}
        rightSection={
          isSearching ? (
            <Loader size="xs" />
          ) : text ? (
            <CloseButton aria-label="Clear search" onClick={() => onTextChange('')} />
          ) : null
        }
      />
      <div id={listId} aria-live="polite">
        {!isLongEnough && text.trim().length > 0 && (
          <Text size="sm" c="dimmed">
            Type at least {searchMinLength} characters to search.
          </Text>
        )}
        {isLongEnough && query && search.isError && (
          <Text size="sm" c="red" role="alert">
            {search.error.message}
          </Text>
        )}
        {isLongEnough && query && search.isSuccess && !search.isPlaceholderData && hits.length === 0 && (
          <Text size="sm" c="dimmed">
            No programs match “{query}”.
          </Text>
        )}
        {hits.length > 0 && (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Programs found">
            {hits.map((hit) => (
              <li key={hit.objectID}>
                <SearchHitButton hit={hit} onOpen={open} />
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function SearchHitButton({ hit, onOpen }: { hit: SearchHit; onOpen: (hit: SearchHit) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(hit)}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      className={classes.hit}
    >
      <Group gap="md" wrap="nowrap">
        <Image
          src={hit.imgUrl || null}
          fallbackSrc={imagePlaceholder}
          alt=""
          width={64}
          height={40}
          w={64}
          h={40}
          radius="sm"
          fit="cover"
          style={{ flexShrink: 0 }}
        />
        <Text fw={500} lineClamp={2}>
          {hit.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
