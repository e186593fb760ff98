import { Box, Burger, Button, Drawer, Group, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Link, matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { adminPaths } from '../lib/admin-paths.ts';
import { adminMenu } from './admin-menu.ts';
import { TwoStepNeeded, useTwoStepNeeded } from './two-step-needed.tsx';

function AdminMenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {adminMenu.map((item) => {
        const isActive = Boolean(matchPath({ path: item.to, end: 'end' in item }, pathname));
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}

/** The search box on every admin page but the search page: what a customer said, across the console. */
function QuickSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  function submit(event: FormEvent): void {
    event.preventDefault();
    const query = text.trim();
    if (query) void navigate(`${adminPaths.adminSearch}?q=${encodeURIComponent(query)}`);
  }
  return (
    <search aria-label="Search the console">
      <form onSubmit={submit}>
        <Group gap="xs" px={{ base: 'md', md: 'xl' }} pt="md" wrap="nowrap">
          <TextInput
            aria-label="Search payments, people, sessions and vouchers"
            placeholder="M-PESA code, phone, e-mail, name, reference…"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: 1, maxWidth: 480 }}
          />
          <Button type="submit" variant="light">
            Search
          </Button>
        </Group>
      </form>
    </search>
  );
}

/**
 * Every /admin page: the side menu (a drawer on small screens) beside the page, or, when the API asks the admin
 * to set up two-step sign-in first, the way to it.
 */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const twoStepNeeded = useTwoStepNeeded();
  const isSearchPage = Boolean(matchPath(adminPaths.adminSearch, useLocation().pathname));
  return (
    <Box style={{ display: 'flex', alignItems: 'flex-start', minHeight: '70dvh' }}>
      <Box
        component="nav"
        aria-label="Admin"
        visibleFrom="md"
        w={220}
        p="md"
        style={{
          flexShrink: 0,
          position: 'sticky',
          top: 0,
          borderRight: '1px solid var(--mantine-color-gray-3)',
          alignSelf: 'stretch',
        }}
      >
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed" mb="xs" px="sm">
          Admin
        </Text>
        <AdminMenuLinks />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group hiddenFrom="md" px="md" pt="sm" gap="xs">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label="Open admin menu" />
          <Text fw={600}>Admin</Text>
        </Group>
        <Drawer opened={opened} onClose={close} title="Admin" size="xs" hiddenFrom="md">
          <Box component="nav" aria-label="Admin menu">
            <AdminMenuLinks onNavigate={close} />
          </Box>
        </Drawer>
        {!twoStepNeeded && !isSearchPage && <QuickSearch />}
        {twoStepNeeded ? <TwoStepNeeded /> : <Outlet />}
      </Box>
    </Box>
  );
}
